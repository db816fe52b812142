import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The frame every dashboard card shares: a title, an optional link to the full screen, the body. */
export function DashboardCard({
  title,
  link,
  children,
  testId,
}: {
  title: string;
  link?: { href: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex flex-col" data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle as="h2">{title}</CardTitle>
        {link && (
          <Link href={link.href} className="text-sm font-semibold text-primary hover:underline">
            {link.label}
          </Link>
        )}
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

export function CardMessage({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
