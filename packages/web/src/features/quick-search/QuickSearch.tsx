/**
 * The quick search dialog (Ctrl+K / ⌘K): finds Kanban cards, Issue Management issues, Pinboard
 * notes and diagrams of the signed-in space by name or ticket number and opens them. The
 * contents load when the dialog opens and are searched in this browser (./quick-search.ts); the
 * search term is never sent. Keyboard: typing filters, ↑/↓ (Home/End) move the active result,
 * Enter opens it, Escape closes. ARIA combobox with a listbox of options; the result count is
 * announced. Loaded on first use (QuickSearchLauncher.tsx), default export.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

import { getSpaceKey, useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { m } from '../../paraglide/messages.js';
import {
  LOADING,
  spaceContentsLoader,
  type ContentsLoader,
  type QuickSearchLoads,
} from './load-contents.ts';
import {
  buildQuickSearchIndex,
  quickSearchHref,
  QUICK_SEARCH_TOOLS,
  searchQuickIndex,
  type QuickSearchItem,
  type QuickSearchTool,
} from './quick-search.ts';
import './quick-search.css';

/** Each tool's name as the dashboard shows it. */
const TOOL_NAMES: Record<QuickSearchTool, () => string> = {
  kanban: () => m.tools_kanban_name(),
  'ticket-system': () => m.tools_ticket_name(),
  bulletin: () => m.tools_bulletin_name(),
  diagrams: () => m.tools_diagrams_name(),
};

const ALL_FAILED: QuickSearchLoads = {
  kanban: { status: 'failed' },
  'ticket-system': { status: 'failed' },
  bulletin: { status: 'failed' },
  diagrams: { status: 'failed' },
};

/** The contents of every tool as they load, from the component's mounting (the dialog's opening). */
function useContents(loader: ContentsLoader | null): QuickSearchLoads {
  const [loads, setLoads] = useState<QuickSearchLoads>(loader === null ? ALL_FAILED : LOADING);
  useEffect(
    () => loader?.((update) => setLoads((current) => ({ ...current, ...update }))),
    [loader],
  );
  return loads;
}

/** The loader of the signed-in space (null without a session or space key). */
function useSpaceLoader(): ContentsLoader | null {
  const session = useSession();
  const client = trpc.useUtils().client;
  const spaceName = session?.space.name ?? null;
  const author = session?.user.username ?? '';
  const spaceKey = spaceName === null ? null : getSpaceKey(spaceName);
  return useMemo(
    () =>
      spaceName === null || spaceKey === null
        ? null
        : spaceContentsLoader({ client, spaceName, spaceKey, author }),
    [client, spaceName, spaceKey, author],
  );
}

/** The text announcing what a search found. */
function countText(shown: number, total: number): string {
  if (total === 0) return m.quick_search_no_results();
  if (shown < total)
    return m.quick_search_count_capped({ shown: String(shown), count: String(total) });
  return total === 1
    ? m.quick_search_count_one()
    : m.quick_search_count_other({ count: String(total) });
}

export interface QuickSearchProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the contents come from; default the signed-in space (tests pass their own). */
  loader?: ContentsLoader;
}

/** The dialog (see the module comment). Its contents load each time it opens. */
export default function QuickSearch({ open, onOpenChange, loader }: QuickSearchProps) {
  const spaceLoader = useSpaceLoader();
  const navigate = useNavigate();
  const descriptionId = useId();
  // Set when a result is opened: focus is then the opened screen's, not the opener's.
  const opened = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  const openItem = (item: QuickSearchItem) => {
    opened.current = true;
    onOpenChange(false);
    void navigate(quickSearchHref(item));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className="dialog quick-search"
          aria-describedby={descriptionId}
          onOpenAutoFocus={() => {
            // Radix focuses the search field next; the element focused before gets it back.
            const focused = document.activeElement;
            opener.current =
              focused instanceof HTMLElement && focused !== document.body ? focused : null;
            opened.current = false;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            // An opened result: the screen it leads to places the focus.
            if (opened.current) event.preventDefault();
            else if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="visually-hidden">{m.quick_search_title()}</Dialog.Title>
          <SearchPanel
            loader={loader ?? spaceLoader}
            descriptionId={descriptionId}
            onOpenItem={openItem}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The field, the results and the notes; mounted while the dialog is open. */
function SearchPanel({
  loader,
  descriptionId,
  onOpenItem,
}: {
  loader: ContentsLoader | null;
  descriptionId: string;
  onOpenItem: (item: QuickSearchItem) => void;
}) {
  const loads = useContents(loader);
  const ids = useId();
  const listId = `${ids}-results`;
  const optionId = (index: number) => `${ids}-option-${String(index)}`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const index = useMemo(
    () =>
      buildQuickSearchIndex({
        kanban: loads.kanban.status === 'loaded' ? loads.kanban.content : null,
        'ticket-system':
          loads['ticket-system'].status === 'loaded' ? loads['ticket-system'].content : null,
        bulletin: loads.bulletin.status === 'loaded' ? loads.bulletin.content : null,
        diagrams: loads.diagrams.status === 'loaded' ? loads.diagrams.content : null,
      }),
    [loads],
  );
  const result = useMemo(() => searchQuickIndex(index, query), [index, query]);
  const loading = QUICK_SEARCH_TOOLS.some((tool) => loads[tool].status === 'loading');
  const failed = QUICK_SEARCH_TOOLS.filter((tool) => loads[tool].status === 'failed');
  const searching = query.trim() !== '';
  const count = result.items.length;
  const activeIndex = count === 0 ? -1 : Math.min(active, count - 1);

  const activeId = activeIndex < 0 ? undefined : optionId(activeIndex);
  useEffect(() => {
    if (activeId !== undefined)
      document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      // The shortcut again: start over in the same dialog.
      event.preventDefault();
      inputRef.current?.select();
      return;
    }
    const move = (next: number) => {
      event.preventDefault();
      if (count > 0) setActive((next + count) % count);
    };
    switch (event.key) {
      case 'ArrowDown':
        move(activeIndex + 1);
        break;
      case 'ArrowUp':
        move(activeIndex - 1);
        break;
      case 'Enter': {
        const item = result.items[activeIndex];
        if (!item) return;
        event.preventDefault();
        onOpenItem(item);
        break;
      }
    }
  };

  let status: string;
  if (!searching) status = loading ? m.quick_search_loading() : m.quick_search_hint();
  else if (count === 0 && loading) status = m.quick_search_loading();
  else status = countText(count, result.total);

  return (
    <>
      <div className="quick-search-field">
        <Search aria-hidden="true" />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={m.quick_search_input_label()}
          aria-expanded={count > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-keyshortcuts="Control+K Meta+K"
          placeholder={m.quick_search_placeholder()}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            // A new search starts at its best result.
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p className="quick-search-status" role="status">
        {status}
      </p>
      <ul
        id={listId}
        role="listbox"
        className="quick-search-results"
        aria-label={m.quick_search_results_label()}
      >
        {result.items.map((item, position) => (
          <li
            key={`${item.tool}:${item.id}`}
            id={optionId(position)}
            role="option"
            aria-selected={position === activeIndex}
            className="quick-search-option"
            // Pointer users pick with a click; the field keeps the focus.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (position !== activeIndex) setActive(position);
            }}
            onClick={() => onOpenItem(item)}
          >
            <span className="quick-search-tool">{TOOL_NAMES[item.tool]()}</span>
            <span className="quick-search-title">
              {item.number === undefined ? null : (
                <span className="quick-search-number">#{item.number} </span>
              )}
              {item.title}
            </span>
            {item.place !== null || item.archived ? (
              <span className="quick-search-place">
                {[item.place, item.archived ? m.quick_search_archived() : null]
                  .filter((part) => part !== null)
                  .join(' · ')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {failed.length > 0 ? (
        <ul className="quick-search-failed">
          {failed.map((tool) => (
            <li key={tool}>{m.quick_search_failed({ tool: TOOL_NAMES[tool]() })}</li>
          ))}
        </ul>
      ) : null}
      <p id={descriptionId} className="quick-search-keys">
        {m.quick_search_keys_hint()}
      </p>
    </>
  );
}
