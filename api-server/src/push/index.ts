export { EventStream, StreamHub } from './event-stream.js';
export { issueStreamTicket, redeemStreamTicket } from './stream-tickets.js';
export { eventsFor, userStream } from './user-events.js';
