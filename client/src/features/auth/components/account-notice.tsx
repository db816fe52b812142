/** A band under the header about the account, with its icon. */
export function Notice({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="border-b-2 border-warning/40 bg-warning/10" aria-label="Account notice">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <span aria-hidden="true">{icon}</span>
        {children}
      </div>
    </section>
  );
}
