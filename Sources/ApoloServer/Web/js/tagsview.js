// Which tags a frame's badge counts: not those every photo of the project has (a template's keywords set at ingest
// made "#3" on every frame, which tells nothing). No DOM here.

/// The tags (folded to lower case) that every one of `photos` has; none for fewer than two photos.
export function commonTags(photos) {
  let common = null, count = 0;
  for (const p of photos) {
    count += 1;
    const mine = new Set((p.tags ?? []).map((tag) => tag.toLowerCase()));
    common = common === null ? mine : new Set([...common].filter((tag) => mine.has(tag)));
    if (!common.size) return new Set();
  }
  return count > 1 && common ? common : new Set();
}

/// The tags of one photo that its badge counts: those not every photo has.
export const ownTags = (tags, common) => tags.filter((tag) => !common.has(tag.toLowerCase()));

let shared = { version: undefined, size: -1, tags: new Set() };
/// `commonTags` of the project's photos (`app.photos`), made again when its revision or size changes.
export function everyTag(app) {
  if (shared.version !== app.version || shared.size !== app.photos.size) {
    shared = { version: app.version, size: app.photos.size, tags: commonTags(app.photos.values()) };
  }
  return shared.tags;
}
