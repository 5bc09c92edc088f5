export { issueStreamTicket } from './stream-tickets.js';
