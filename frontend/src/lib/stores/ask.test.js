import { describe, it, expect } from 'vitest';
import { asking, ask, answer } from './ask.svelte.js';

describe('the app question', () => {
  it('resolves with the answer and closes', async () => {
    const p = ask({ text: 'Close?', ok: 'Close' });
    expect(asking.current.text).toBe('Close?');
    expect(asking.current.cancel).toBe('Cancel');
    answer(true);
    expect(asking.current).toBeNull();
    expect(await p).toBe(true);
  });
  it('a second question answers the first no', async () => {
    const first = ask({ text: 'one' });
    const second = ask({ text: 'two' });
    expect(await first).toBe(false);
    expect(asking.current.text).toBe('two');
    answer(false);
    expect(await second).toBe(false);
  });
});
