/* The layout test's measurements (decision 037), run inside the page by `page.evaluate`. */

/**
 * Everything wrong with the page as laid out now, measured in the browser: sideways scrolling,
 * visible elements past the screen's edge outside a box that scrolls, blank scroll below the
 * footer.
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
  return problems;
}
