import { Link } from 'wouter';
import { now } from '@/lib/clock';

export function Footer() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        {/* Prerendered pages carry the build's year; the browser's may be newer. */}
        <p suppressHydrationWarning>© {now().getFullYear()} Ballast. Income protection for creators.</p>
        <nav aria-label="Footer">
          <ul className="flex gap-6">
            <li>
              <Link href="/contact" className="hover:text-foreground">
                Contact
              </Link>
            </li>
            <li>
              <Link href="/privacy" className="hover:text-foreground">
                Privacy
              </Link>
            </li>
            <li>
              <Link href="/terms" className="hover:text-foreground">
                Terms
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
