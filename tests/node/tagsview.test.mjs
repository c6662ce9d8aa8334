import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a frame counts only the tags not every photo has', async () => {
  const { commonTags, ownTags } = await import('../../Sources/ApoloServer/Web/js/tagsview.js');
  const photos = [{ tags: ['Smith', 'wedding', 'Lisboa', 'first dance'] }, { tags: ['smith', 'Wedding', 'lisboa'] },
                  { tags: ['Wedding', 'Smith', 'Lisboa', 'cake'] }];
  const common = commonTags(photos);
  assert.deepEqual([...common].sort(), ['lisboa', 'smith', 'wedding'], 'case folded');
  assert.deepEqual(ownTags(photos[0].tags, common), ['first dance']);
  assert.deepEqual(ownTags(photos[1].tags, common), [], 'no badge: nothing of its own');
  assert.deepEqual([...commonTags([{ tags: ['a'] }])], [], 'one photo: its tags are its own');
  assert.deepEqual([...commonTags([{ tags: ['a'] }, { tags: [] }])], []);
  assert.deepEqual([...commonTags([])], []);
});
