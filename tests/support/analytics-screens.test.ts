import { expect, it } from 'vitest';
import { loadScreenImages, loadScreens, staleScreens } from './analytics-screens';

it('has a committed image for every screen, drawn from the page as it is now', async () => {
  const screens = await loadScreens();
  expect((await staleScreens(screens)).map((screen) => screen.id)).toEqual([]);
});

it('refuses an image drawn from an older version of its page, naming the command that draws it', async () => {
  const [screen] = await loadScreens();
  const edited = { ...screen!, html: screen!.html.replace('</body>', '<p>a new card</p></body>') };
  expect((await staleScreens([edited])).map((stale) => stale.id)).toEqual([screen!.id]);
  await expect(loadScreenImages([edited])).rejects.toThrow(/npm run screens:render/);
});
