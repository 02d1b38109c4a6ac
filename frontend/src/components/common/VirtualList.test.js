import { describe, it, expect } from 'vitest';
import { render } from 'svelte/server';
import { createRawSnippet } from 'svelte';
import VirtualList from './VirtualList.svelte';

// The component as the page first draws it (Svelte's server render: no
// DOM here): 30,000 rows make a box 600,000 px tall holding a screenful of
// row elements, not 30,000 (issue 46: the merged patch's 33,000 files).
describe('VirtualList', () => {
  it('draws a screenful of 30,000 rows', () => {
    const items = Array.from({ length: 30000 }, (_, i) => `MEDIA/FILE_${i}.DAT`);
    const row = createRawSnippet((item) => ({ render: () => `<span class="r">${item()}</span>` }));
    const { body } = render(VirtualList, { props: { items, rowHeight: 20, maxHeight: 220, row } });
    const rows = body.match(/class="vrow/g) ?? [];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(30);
    expect(body).toContain('MEDIA/FILE_0.DAT');
    expect(body).not.toContain('MEDIA/FILE_29999.DAT');
    expect(body).toContain('height: 600000px');
    expect(body).toContain('data-rows="30000"');
  });
});
