import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../accounts/index.js';
import { EventStream, StreamHub, eventsFor, userStream } from '../../push/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      /** Takes over the request's connection as the user's event stream until the client or the server closes it. */
      openStream(request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<void>;
      /** Streams open on this replica. */
      readonly openStreams: number;
    };
  }
}

const userOfStream = /^user:(\d+)$/;

/**
 * Server push: what a request or pass changed about a user is appended, as read after its commits, to the user's
 * event log in the shared state; every replica hears the log and writes each event to that user's streams it holds.
 */
export default fp(
  async (app) => {
    const hub = new StreamHub();

    app.userChanges.listen(async (changes, details) => {
      for (const [userId, userChanges] of changes) {
        for (const { userId: to, event } of await eventsFor(app.db, userId, userChanges, details.get(userId) ?? [])) {
          await app.shared.events.append(userStream(to), JSON.stringify(event));
        }
      }
    });

    const stopListening = app.shared.events.listen((stream, event) => {
      const userId = userOfStream.exec(stream)?.[1];
      if (userId) hub.deliver(Number(userId), event);
    });

    // Ended before the server closes, or it would wait for these never-ending responses.
    app.addHook('preClose', async () => {
      stopListening();
      hub.endAll();
    });

    app.decorate('push', {
      async openStream(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
        reply.hijack();
        // Written around Fastify from here on: the headers the hooks set on the reply (its request id, the replica) go too.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
        const stream = new EventStream(app, reply.raw, user, (ended) => hub.remove(ended));
        // Listening before the replay is read: an event appended meanwhile waits in the stream, deduplicated by id.
        hub.add(stream);
        // EventSource sends the header when it reconnects by itself; the portal, opening a new stream with a new ticket, the query.
        const lastEventId = request.headers['last-event-id'] ?? (request.query as { lastEventId?: string }).lastEventId;
        try {
          await stream.start(typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : undefined);
        } catch (error) {
          request.log.error({ err: error }, 'an event stream could not start');
          stream.end();
        }
      },
      get openStreams() {
        return hub.size;
      },
    });
  },
  { name: 'push', dependencies: ['core', 'shared-state', 'user-changes'] },
);
