// What apolo measured, on the page: asked of the server after changes that can move stacks, and while photos are
// still being measured; stacks opened and folded on the table.
import { indexAnalysis } from './stacks.js';
import { api, app } from './state.js';
import { made, render } from './table.js';

/// Opens the stack of photo `id` in place (all its frames on the table), or folds it back to one frame.
export function toggleStack(id) {
  const stack = app.analysis.stackOf.get(id);
  if (!stack) return;
  if (app.opened.has(stack)) app.opened.delete(stack);
  else app.opened.add(stack);
  render();
}

let measuring = null;
/// Asks what apolo measured (and stacked) soon: once a change that moves slides has landed, and again every few
/// seconds while photos are still being measured in the background.
export function measure(delay = 300) {
  clearTimeout(measuring);
  measuring = setTimeout(async () => {
    const r = await api('/api/analysis').catch(() => null);
    if (!r?.ok) return;
    app.analysis = indexAnalysis(await r.json());
    app.data.places = app.data.places.map((q) => made(q.kind, q.name, q.ids));
    render();
    if (app.analysis.unmeasured > 0) measure(3000);
  }, delay);
}
