/**
 * Brings a menu strip's current entry into view (the centre menus, the help menu): on a phone the
 * menu scrolls sideways, so the page opened (by its address, too) shows instead of hiding beyond the
 * edge. Only the menu's own list scrolls: `scrollIntoView` would also scroll every ancestor, a
 * panel sliding in among them, and push the panel (and its Log out button) partly off the window.
 */
export function revealInStrip(link: HTMLElement | null): void {
  const track = link?.closest<HTMLElement>('ul, [role="tablist"]');
  if (!link || !track || track.scrollWidth <= track.clientWidth) return;
  const linkBox = link.getBoundingClientRect();
  const trackBox = track.getBoundingClientRect();
  if (linkBox.left < trackBox.left) track.scrollLeft -= trackBox.left - linkBox.left;
  else if (linkBox.right > trackBox.right) track.scrollLeft += linkBox.right - trackBox.right;
}
