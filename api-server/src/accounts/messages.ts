import { messages, type Executor } from '../db/index.js';
import { noteUserChange } from './user-changes.js';

/** Leaves a message in the user's inbox (站内消息). */
export async function notify(tx: Executor, userId: number, title: string, content: string, now: Date) {
  await tx.insert(messages).values({ userId, title, content, createdAt: now });
  noteUserChange(userId, 'messages');
}
