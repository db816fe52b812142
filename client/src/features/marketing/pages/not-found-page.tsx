import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-4 px-4 py-16">
      <p className="font-display text-7xl font-black text-primary">404</p>
      <h1 className="text-3xl font-black uppercase">PAGE NOT FOUND</h1>
      <Button asChild className="w-fit">
        <Link href="/">Back to home</Link>
      </Button>
    </main>
  );
}
