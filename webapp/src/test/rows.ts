/**
 * Layout checks for story plays (issue 24): cards laid out in rows must keep their parts
 * (a flag, the facts, the buttons, a 'Step N' label) in line with their neighbours, also
 * when one card's name wraps. Measured in the browser with getBoundingClientRect.
 */

/** rowsOf groups cards by the row they sit in (the same top, within a pixel). */
export function rowsOf(cards: readonly Element[]): Element[][] {
  const rows: Element[][] = [];
  for (const card of cards) {
    const top = card.getBoundingClientRect().top;
    const row = rows.find((r) => Math.abs((r[0]?.getBoundingClientRect().top ?? Number.NaN) - top) <= 1);
    if (row) row.push(card);
    else rows.push([card]);
  }
  return rows;
}

type Edge = 'top' | 'bottom';

/**
 * misaligned lists, for every row of two or more cards, each part whose edge is not at one
 * height (within a pixel) in every card of the row: [] when all line up. A part that a
 * card lacks is left out of that card's comparison.
 */
export function misaligned(cards: readonly Element[], parts: Readonly<Record<string, [(card: Element) => Element | null, Edge]>>): string[] {
  const out: string[] = [];
  rowsOf(cards).forEach((row, i) => {
    if (row.length < 2) return;
    for (const [name, [pick, edge]] of Object.entries(parts)) {
      const at = row.map((c) => pick(c)?.getBoundingClientRect()[edge]).filter((v): v is number => v !== undefined);
      if (at.length > 1 && Math.max(...at) - Math.min(...at) > 1) out.push(`row ${i + 1}: ${name} ${edge}s ${at.map((v) => v.toFixed(1)).join(', ')}`);
    }
  });
  return out;
}

/** tallerThanANeighbour says whether some row holds the element beside a shorter one of its kind: the wrap the check needs. */
export function tallerThanANeighbour(cards: readonly Element[], pick: (card: Element) => Element | null): boolean {
  return rowsOf(cards).some((row) => {
    const h = row.map((c) => pick(c)?.getBoundingClientRect().height ?? 0);
    return row.length > 1 && Math.max(...h) - Math.min(...h) > 4;
  });
}
