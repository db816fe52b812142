import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { SideScroll } from '@/components/ui/side-scroll';

/** A plain data table with a caption for screen readers, that shows it scrolls sideways on a phone. */
export function AdminTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <SideScroll label={caption} className="rounded-md border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-xs uppercase">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-bold whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </SideScroll>
  );
}

export function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-top ${className ?? ''}`}>{children}</td>;
}

/** "Page 2 of 7 · 340 rows" with previous and next. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  noun = ['row', 'rows'],
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is counted, singular and plural. */
  noun?: [string, string];
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      <span>
        Page {page} of {pages} · {total.toLocaleString('en-GB')} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export const formatWhen = (iso: string) => dateTime.format(new Date(iso));
