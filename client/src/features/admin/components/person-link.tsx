import { Link } from 'wouter';

/** The console's page of one person: the address rides in the query, which request logs redact. */
export const personHref = (email: string) => `/admin/people?email=${encodeURIComponent(email)}`;

/** An address in any console table, leading to everything held under it. */
export function PersonLink({ email }: { email: string }) {
  return (
    <Link
      href={personHref(email)}
      className="inline-flex min-h-11 min-w-11 items-center font-semibold text-primary underline-offset-2 hover:underline [overflow-wrap:break-word]"
    >
      {email}
    </Link>
  );
}
