import { eq } from 'drizzle-orm';
import { videos, type Executor } from '../db/index.js';

/** The video a stream grant names, if it still exists. */
export async function streamedVideo(db: Executor, videoId: number) {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  return video;
}
