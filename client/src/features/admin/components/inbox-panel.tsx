import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useContactMessages, useSetMessageRead } from '../api/messages';
import { formatWhen, Pager } from './admin-table';
import { PersonLink } from './person-link';

const replyLink = (email: string, name: string) =>
  `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(`Re: your message to Ballast`)}&body=${encodeURIComponent(`Hi ${name},\n\n`)}`;

/** The contact form's messages, priority ones first, then newest: read state and a reply by email. */
export function InboxPanel() {
  const [isUnreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const inbox = useContactMessages(isUnreadOnly, page);
  const setRead = useSetMessageRead();

  async function mark(id: string, isRead: boolean) {
    try {
      await setRead.mutateAsync({ id, isRead });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  if (inbox.isPending) return <LoadingStatus />;
  if (inbox.isError) return <LoadFailed what="the inbox" onRetry={() => void inbox.refetch()} />;
  const { messages, unread, total, pageSize } = inbox.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold">{unread === 1 ? '1 unread message' : `${unread} unread messages`}</p>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-4"
            checked={isUnreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.target.checked);
              setPage(1);
            }}
          />
          Only unread
        </label>
      </div>
      {messages.length === 0 ? (
        <p className="text-muted-foreground">{isUnreadOnly ? 'Nothing unread.' : 'No messages yet.'}</p>
      ) : (
        <ul className="grid gap-3">
          {messages.map((message) => (
            <li key={message.id}>
              <Card
                className={`grid gap-2 p-4 ${message.readAt ? '' : 'border-primary'}`}
                data-testid="contact-message"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                    {!message.readAt && (
                      <span className="mr-2 rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground uppercase">
                        Unread
                      </span>
                    )}
                    {message.isPriority && (
                      <span className="mr-2 rounded bg-destructive px-1.5 py-0.5 text-xs text-white uppercase">
                        {message.kind === 'strategy_review' ? 'Strategy review' : 'Priority'}
                      </span>
                    )}
                    {message.name}{' '}
                    <span className="font-normal">
                      &lt;
                      <PersonLink email={message.email} />
                      &gt;
                    </span>
                  </p>
                  {message.replyBy && (
                    <p className="text-sm font-semibold">
                      Reply by <time dateTime={message.replyBy}>{formatWhen(message.replyBy)}</time>
                    </p>
                  )}
                  <time dateTime={message.createdAt} className="text-sm text-muted-foreground">
                    {formatWhen(message.createdAt)}
                  </time>
                </div>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm">
                    <a
                      href={replyLink(message.email, message.name)}
                      onClick={() => !message.readAt && void mark(message.id, true)}
                    >
                      <MailIcon aria-hidden="true" />
                      Reply by email
                    </a>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void mark(message.id, !message.readAt)}
                    disabled={setRead.isPending}
                  >
                    {message.readAt ? 'Mark unread' : 'Mark read'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} noun={['message', 'messages']} />
    </div>
  );
}
