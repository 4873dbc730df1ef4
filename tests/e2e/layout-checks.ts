/* The layout test's measurements (decision 037), run inside the page by `page.evaluate`. */

/**
 * Everything wrong with the page as laid out now, measured in the browser: sideways scrolling,
 * visible elements past the screen's edge outside a box that scrolls, blank scroll below the
 * footer, a number or amount broken over two lines, a field's hint cut off by its box.
 */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const scrolling = document.scrollingElement ?? document.documentElement;
  if (scrolling.scrollWidth > width + 1) {
    problems.push(`the page scrolls sideways: ${scrolling.scrollWidth}px wide in ${width}px`);
  }

  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const label =
      element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id}> "${label}"`;
  };
  const clipsOrScrolls = (element: Element) => {
    const overflow = getComputedStyle(element).overflowX;
    return overflow !== 'visible';
  };
  const reported = new Set<Element>();
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    if (rect.right <= width + 1 && rect.left >= -1) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    // Inside a box that scrolls (or clips) it: that box is measured on its own.
    let parent = element.parentElement;
    let contained = false;
    while (parent && parent !== document.body) {
      if (clipsOrScrolls(parent) || reported.has(parent)) {
        contained = true;
        break;
      }
      parent = parent.parentElement;
    }
    if (contained) continue;
    reported.add(element);
    problems.push(
      `${describe(element)} reaches past the screen: ${Math.round(rect.left)}…${Math.round(rect.right)}px of ${width}px`,
    );
  }

  const footers = document.querySelectorAll('footer');
  const end = footers[footers.length - 1] ?? document.querySelector('main');
  if (end) {
    const bottom = end.getBoundingClientRect().bottom + window.scrollY;
    const blank = scrolling.scrollHeight - bottom;
    if (blank > height) problems.push(`${Math.round(blank)}px of blank scroll below the footer`);
  }

  // Inside layoutProblems: page.evaluate sends the function's own text, nothing around it.
  /**
   * A formatted number, with the unit or currency it is bound to by a no-break space, as it appears
   * in the page's text: "1 000 000 BRND", "0,005 ETH", "PLN 101.00", "12,5%". Groups may be joined by
   * a plain space too, so a number glued by hand is caught as well as one from Intl.
   */
  const NUMBER =
    /(?:(?:[A-Z]{3}|[$€£])[\u00a0\u202f]?)?\d{1,3}(?:[\u00a0\u202f ,.]\d{3}(?!\d))+(?:[.,]\d+)?(?:[\u00a0\u202f](?:[A-Za-z]{2,5}|zł|%))?|(?:(?:[A-Z]{3}|[$€£])[\u00a0\u202f]?)?\d+[.,]\d+(?:[\u00a0\u202f](?:[A-Za-z]{2,5}|zł|%))?/g;

  /**
   * Numbers a reader sees split across two lines ("1 000 | 000 BRND"): each match of NUMBER in a
   * visible text node whose line boxes (Range.getClientRects, one per line) do not share a line.
   */
  function brokenNumbers(): string[] {
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      if (!/\d/.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, .visually-hidden')) continue;
      for (const match of text.matchAll(NUMBER)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const first = lines[0];
        if (!first) continue;
        if (lines.some((rect) => Math.abs(rect.top - first.top) > first.height / 2)) {
          const shown = match[0].replace(/[\u00a0\u202f]/g, ' ');
          const where = parent.closest('[id], [class]') ?? parent;
          const place = `<${where.tagName.toLowerCase()} class="${where.className}">`;
          problems.push(`"${shown}" breaks over two lines in ${place}`);
        }
      }
    }
    return problems;
  }

  problems.push(...brokenNumbers());

  // A field's hint cut off by its box ("Brand name or websit"), in the font the page really gets
  // (the stories draw in a fixed test font). The hint is put in as the value for a moment, with
  // no event: the inner box then scrolls if it is wider, and that box knows what a canvas
  // measure does not, such as the room a search field keeps for its clear button.
  for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (field.value !== '' || field.getClientRects().length === 0) continue;
    field.value = field.placeholder;
    const wanted = field.scrollWidth;
    field.value = '';
    if (wanted > field.clientWidth) {
      problems.push(
        `the hint "${field.placeholder}" of ${describe(field)} is cut: ${wanted}px in ${field.clientWidth}px`,
      );
    }
  }
  return problems;
}
