import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type ConsoleSection = {
  value: string;
  label: string;
  /** Starts downloading the panel's code; called when its tab is hovered or focused. */
  preload?: () => void;
  render: () => ReactNode;
};

const TAB_CLASS =
  '-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-bold text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground';

/**
 * The console's tabs, following the WAI-ARIA tabs pattern as Radix Tabs did: one tab in the tab order,
 * arrow keys (and Home, End) move between tabs and choose them, and only the chosen panel is rendered.
 * Written here rather than with Radix (about 8 kB) to keep the console's first load within budget
 * (decision 036). Which tab is chosen is the page's address (`/admin/inbox`), so each has a URL.
 */
export function ConsoleTabs({
  sections,
  label,
  chosen,
  onChoose: setChosen,
}: {
  sections: readonly ConsoleSection[];
  label: string;
  chosen: string;
  onChoose: (value: string) => void;
}) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (value: string) => `${baseId}-tab-${value}`;
  const panelId = (value: string) => `${baseId}-panel-${value}`;

  function move(event: KeyboardEvent, index: number) {
    const last = sections.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    setChosen(sections[next]!.value);
  }

  const section = sections.find(({ value }) => value === chosen) ?? sections[0]!;
  return (
    <div className="mt-8">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="flex flex-wrap gap-1 border-b"
      >
        {sections.map(({ value, label: tabLabel, preload }, index) => {
          const isChosen = value === section.value;
          return (
            <button
              key={value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(value)}
              aria-selected={isChosen}
              aria-controls={panelId(value)}
              data-state={isChosen ? 'active' : 'inactive'}
              tabIndex={isChosen ? 0 : -1}
              onClick={() => setChosen(value)}
              onKeyDown={(event) => move(event, index)}
              onPointerEnter={preload}
              onFocus={preload}
              className={TAB_CLASS}
            >
              {tabLabel}
            </button>
          );
        })}
      </div>
      <div
        key={section.value}
        role="tabpanel"
        id={panelId(section.value)}
        aria-labelledby={tabId(section.value)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern lets a panel take focus, as Radix did, since it may hold nothing focusable
        tabIndex={0}
        className="pt-6"
      >
        {section.render()}
      </div>
    </div>
  );
}
