// The light table's entry: the language first, then every module registers its own handlers; keys.js loads the
// project. The panels and the clients' picks are not needed for the first screen: their modules load once the page
// holds the whole project (a panel asked for sooner opens when its module has arrived), so that the first screen
// waits for 11 fewer files.
import './i18n.js';
import { started } from './keys.js';
import './loupetools.js';
import { arriving } from './panels.js';
import './me.js';
import './views.js';
import './zoom.js';

const whole = started.catch(() => {});
const later = { filter: './filterpanel.js', people: './peoplepanel.js', group: './groupshotpanel.js',
  caption: './captionpanel.js', ingest: './ingestpanel.js' };
for (const [name, path] of Object.entries(later)) {
  const module = whole.then(() => import(path));
  module.catch(() => {});   // the server away: a panel asked for says so (panels.js); a reload loads it
  arriving.set(name, module);
}
whole.then(() => import('./picksview.js')).catch(() => {});   // the server away: hearts show after a reload
