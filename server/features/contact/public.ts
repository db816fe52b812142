// The contact feature's public module: the only file of contact that other features import.
export {
  findInboxPage,
  type InboxMessage,
  type SenderIsPriority,
  setInboxMessageRead,
} from './store';
