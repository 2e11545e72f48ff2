import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DeskTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the tab order. */
export function DeskTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: DeskTab[];
  active: string;
  onChange: (id: string) => void;
}) {
  const baseId = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );

  const move = (event: KeyboardEvent) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Desk sections"
        onKeyDown={move}
        // A phone shows every tab at once, three to a row (two on the narrowest), with no sideways
        // scrolling that hides some; wider screens show one underlined row.
        className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:flex-wrap sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0"
      >
        {tabs.map((tab) => {
          const isActive = tab.id === tabs[index]!.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isActive}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={cn(
                'min-w-0 rounded-lg px-1 py-2 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 sm:-mb-px sm:whitespace-nowrap sm:rounded-none sm:border-b-2 sm:px-3 sm:py-2.5',
                isActive
                  ? 'bg-white text-brand-700 shadow-sm sm:border-brand-600 sm:bg-transparent sm:shadow-none'
                  : 'text-slate-600 hover:text-slate-900 sm:border-transparent',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${tabs[index]!.id}`}
        aria-labelledby={`${baseId}-tab-${tabs[index]!.id}`}
        tabIndex={0}
        className="pt-4 focus:outline-none"
      >
        {tabs[index]!.panel}
      </div>
    </div>
  );
}
