// The ordered queue every change of the page goes through: no key or drop is ever dropped.
//
// A change is sent only when the one before it has landed, against the revision that one left, so the server's
// stale check still guards against edits made elsewhere. A change that keeps every slide where it is (a rating,
// a tag) is made at once on what the page shows; one that moves slides ("structural") holds the input that comes
// after it: those actions run, in order, once it has landed and the page shows its result, so a key pressed
// after X acts on the slide that X left in focus. A refused change stops the queue: the changes after it are not
// sent, held actions are dropped, and `refused` is told which change it was and what else was not done.
// No DOM here: `send`, `landed` and `refused` are the page's.
/// A queue over `send(change) -> Promise<answer>` (`answer.error` set when refused).
export function createQueue({ send, landed, refused, changed = () => {} }) {
  const waiting = [];
  const held = [];
  let flying = null;

  const pending = () => (flying ? [flying, ...waiting] : [...waiting]);
  const blocked = () => pending().some((change) => change.structural);

  /// Runs an input action now, or after the structural changes ahead of it have landed.
  function act(action) {
    if (blocked()) held.push(action);
    else action();
  }

  /// Adds a change (`{ structural, ids, label, ... }`) after every change already queued.
  function push(change) {
    waiting.push(change);
    changed(pending());
    pump();
  }

  async function pump() {
    if (flying || waiting.length === 0) return;
    flying = waiting.shift();
    let answer;
    try { answer = await send(flying); } catch (error) { answer = { error: String(error?.message ?? error) }; }
    const done = flying;
    flying = null;
    if (answer?.error) {
      const dropped = waiting.splice(0);
      const actions = held.splice(0).length;
      refused(done, answer, { dropped, actions });
    } else {
      landed(done, answer);
    }
    while (held.length && !blocked()) held.shift()();
    changed(pending());
    pump();
  }

  return { act, push, pending, blocked, idle: () => pending().length === 0 && held.length === 0 };
}
