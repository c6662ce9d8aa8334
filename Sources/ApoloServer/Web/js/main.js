// The light table's entry: the language first, then every module registers its own handlers; keys.js loads the
// project.
import './i18n.js';
import './keys.js';
import './loupetools.js';
import './filterpanel.js';
import './groupshotpanel.js';
import './captionpanel.js';
import './ingestpanel.js';
import './picksview.js';
import './me.js';
import './views.js';
import './zoom.js';
