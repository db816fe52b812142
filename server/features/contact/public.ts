// The contact feature's public module: the only file of contact that other features import.

export { deleteMessagesFrom, exportMessagesFrom } from './account-data-store';
export {
  findInboxPage,
  findMessageAddresses,
  findMessagesByAddress,
  type InboxMessage,
  type PrioritySenders,
  setInboxMessageRead,
} from './store';
