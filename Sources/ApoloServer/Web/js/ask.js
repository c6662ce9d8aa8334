// Questions in the page, not in the browser's prompt() and confirm(): a small modal dialog in the page's language
// and style, that a screen reader announces and the keyboard drives (Enter answers, Esc cancels), and that gives the
// focus back where it was. One question at a time.
import { t } from './messages.js';
import { $ } from './state.js';

let pending = null;

function open(question, value, withInput) {
  pending?.finish(null);
  const box = $('ask'), returnTo = document.activeElement;
  const input = Object.assign(document.createElement('input'), { id: 'ask-input', value: value ?? '' });
  const words = Object.assign(document.createElement('label'), { id: 'ask-question', textContent: question,
                                                                htmlFor: 'ask-input' });
  const ok = Object.assign(document.createElement('button'), { id: 'ask-ok', textContent: t('ask.ok') });
  const cancel = Object.assign(document.createElement('button'), { id: 'ask-cancel', textContent: t('ask.cancel') });
  const row = Object.assign(document.createElement('div'), { className: 'row' });
  row.append(ok, cancel);
  box.replaceChildren(words, ...(withInput ? [input] : []), row);
  box.setAttribute('aria-label', question);
  box.hidden = false;
  return new Promise((answer) => {
    pending = { finish: (result) => {
      pending = null;
      box.hidden = true;
      box.replaceChildren();
      returnTo?.focus?.();
      answer(result);
    } };
    const finish = pending.finish;
    ok.addEventListener('click', () => finish(withInput ? input.value.trim() || null : true));
    cancel.addEventListener('click', () => finish(withInput ? null : false));
    box.onkeydown = (e) => {
      e.stopPropagation();
      if (e.key !== 'Escape' && e.key !== 'Enter') return;
      // the key's own default (a click on the button focus returns to) would ask the question again
      e.preventDefault();
      if (e.key === 'Escape') finish(withInput ? null : false);
      else if (e.target !== cancel) ok.click();
      else finish(withInput ? null : false);
    };
    (withInput ? input : ok).focus();
    if (withInput) input.select();
  });
}

/// Asks for a text (a name, tags): the text, or null when cancelled or left empty.
export const ask = (question, value = '') => open(question, value, true);

/// Asks yes or no (deleting a shelf, discarding an album or a project): true only for yes.
export const sure = (question) => open(question, '', false);
