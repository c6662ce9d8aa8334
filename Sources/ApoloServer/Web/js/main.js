// The light table's entry: every module registers its own handlers; keys.js loads the project.
import './keys.js';
import './views.js';
