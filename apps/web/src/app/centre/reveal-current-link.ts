/**
 * Ref of the centre menu's current entry: on a phone the menu scrolls sideways, so the page opened
 * (by its address, too) is brought into view instead of hiding beyond the edge.
 */
export function revealCurrentLink(link: HTMLElement | null): void {
  link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}
