/**
 * A list of cards or issues whose rendering stays proportional to the screen, not to the board: up
 * to {@link LONG_LIST_ABOVE_ITEMS} items it is a plain `<ul>` with every item, exactly as before;
 * above that it becomes a scroll box that renders only the items in view plus a few on either side
 * (TanStack Virtual), measuring each as it appears — and stays one while a search narrows it.
 *
 * What keeps a windowed list usable without a mouse: the last item that had the focus and the
 * item named by `pinnedKey` (a card being dragged, a moved card about to get the focus back,
 * the selected issue) stay rendered wherever the list is scrolled, so focus and dnd-kit's
 * dragged node are never unmounted under the user; Tab and Shift+Tab reach the next item because
 * the browser scrolls the focused item into view and the items next to it are rendered; every
 * item says its position (`aria-posinset` of `aria-setsize`), so screen readers announce
 * "3 of 1,250" although most items are not in the DOM.
 *
 * The first render is light, even of a 1,000-card board: it sizes the window to the scroll box's
 * own height where the caller knows it before layout ({@link LongListProps.initialViewportPx}) and
 * renders only the items in view ({@link LONG_LIST_FIRST_OVERSCAN_ITEMS}); the overscan follows
 * once the browser is idle after that first paint. So does a render with new items (each
 * keystroke of a search swaps the items shown). Items beyond the edges are out of sight, so the
 * frame shows the same.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';

import './tracker.css';
import { whenIdle } from '../../lib/when-idle.ts';

/** Lists longer than this render a window of their items; shorter ones render every item. */
export const LONG_LIST_ABOVE_ITEMS = 50;

/** Items rendered beyond each edge of the scroll box, so Tab and small scrolls find them ready. */
export const LONG_LIST_OVERSCAN_ITEMS = 4;

/**
 * Items beyond each edge in a list's first render, before the first paint: none, so a keystroke
 * that swaps every card in view mounts only what it shows; the overscan
 * ({@link LONG_LIST_OVERSCAN_ITEMS}) follows when the browser is next idle.
 */
export const LONG_LIST_FIRST_OVERSCAN_ITEMS = 0;

/**
 * The scroll box's height assumed before it is measured: the window's, so the very first render
 * already shows (at least) a screenful and the board needs no second pass to fill in.
 */
function windowHeightPx(): number {
  return typeof window === 'undefined' ? 800 : window.innerHeight;
}

export interface LongListProps<T> {
  items: readonly T[];
  /** A stable function (module level or memoised) giving each item's unique key. */
  itemKey: (item: T) => string;
  /** The content of an item's `<li>`; memoise what it renders, it is called for every item shown. */
  renderItem: (item: T) => ReactNode;
  /** Class of the `<ul>`. */
  listClassName: string;
  /** Class of every `<li>`. */
  itemClassName?: string;
  /** Class of the scroll box around a windowed list (gives it its maximum height). */
  scrollClassName: string;
  /** Expected height of an item with its spacing, in CSS pixels, before it is measured. */
  estimateItemPx: number;
  /**
   * The scroll box's height in CSS pixels before it is measured, when its stylesheet bounds it
   * (called once per list); by default the window's height, which the box never exceeds.
   */
  initialViewportPx?: () => number;
  /** An item kept rendered while the list is windowed (absent or null: none). */
  pinnedKey?: string | null;
  /** Lists longer than this are windowed (default {@link LONG_LIST_ABOVE_ITEMS}). */
  windowAbove?: number;
  /**
   * How many items the list holds before a search or filter narrows it (default `items.length`):
   * it decides between the plain and the windowed form, so narrowing a long list keeps it
   * windowed instead of rendering every one of, say, 40 matches in one keystroke.
   */
  fullCount?: number;
}

/** See the module comment: every item while short, a window of them while long. */
export function LongList<T>(props: LongListProps<T>) {
  const { items, itemKey, renderItem, listClassName, itemClassName } = props;
  const size = Math.max(items.length, props.fullCount ?? 0);
  if (size <= (props.windowAbove ?? LONG_LIST_ABOVE_ITEMS)) {
    return (
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={itemKey(item)} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
    );
  }
  return <WindowedList {...props} />;
}

/** The keys' indexes in `items` (each key once; unknown keys are left out), ascending. */
function indexesOf<T>(
  items: readonly T[],
  itemKey: (item: T) => string,
  keys: ReadonlySet<string>,
): number[] {
  const found: number[] = [];
  if (keys.size === 0) return found;
  items.forEach((item, index) => {
    if (keys.has(itemKey(item))) found.push(index);
  });
  return found;
}

function WindowedList<T>({
  items,
  itemKey,
  renderItem,
  listClassName,
  itemClassName,
  scrollClassName,
  estimateItemPx,
  initialViewportPx = windowHeightPx,
  pinnedKey,
}: LongListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The first render's overscan is small, and so is the one after the items change (a search
  // narrowing or widening the list swaps every item shown); the full one follows once idle.
  const [overscan, setOverscan] = useState(LONG_LIST_FIRST_OVERSCAN_ITEMS);
  const [overscanItems, setOverscanItems] = useState(items);
  if (overscanItems !== items) {
    setOverscanItems(items);
    setOverscan(LONG_LIST_FIRST_OVERSCAN_ITEMS);
  }
  useEffect(() => {
    if (overscan === LONG_LIST_OVERSCAN_ITEMS) return;
    return whenIdle(() => setOverscan(LONG_LIST_OVERSCAN_ITEMS), 1000, 50);
  }, [overscan]);
  const [initialRect] = useState(() => ({ width: 0, height: initialViewportPx() }));
  // The last item inside this list that had the focus: kept rendered so the focus is never lost.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const pinned = useMemo(() => {
    const keys = new Set<string>();
    if (pinnedKey) keys.add(pinnedKey);
    if (focusedKey !== null) keys.add(focusedKey);
    return indexesOf(items, itemKey, keys);
  }, [items, itemKey, pinnedKey, focusedKey]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const shown = defaultRangeExtractor(range);
      const first = shown[0] ?? 0;
      const last = shown[shown.length - 1] ?? -1;
      const extra = pinned.filter(
        (index) => index < range.count && (index < first || index > last),
      );
      return extra.length === 0 ? shown : [...shown, ...extra].sort((a, b) => a - b);
    },
    [pinned],
  );
  // A new function for new items, so the virtualiser re-reads keys (and their measured sizes)
  // after a reorder that kept the count.
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? index : itemKey(item);
    },
    [items, itemKey],
  );
  // No React Compiler in this app; the virtualiser re-renders this component when it scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateItemPx,
    getItemKey,
    rangeExtractor,
    overscan,
    initialRect,
  });

  function rememberFocus(event: FocusEvent<HTMLDivElement>) {
    const item = (event.target as Element).closest<HTMLElement>('li[data-key]');
    const key = item?.dataset.key;
    if (key !== undefined && key !== focusedKey) setFocusedKey(key);
  }

  return (
    <div ref={scrollRef} className={scrollClassName} onFocus={rememberFocus}>
      <ul
        className={`${listClassName} long-list-windowed`}
        style={{ height: `${String(virtualizer.getTotalSize())}px` }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          const key = itemKey(item);
          return (
            <li
              key={key}
              ref={virtualizer.measureElement}
              className={itemClassName}
              data-index={row.index}
              data-key={key}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${String(row.start)}px)` }}
            >
              {renderItem(item)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
