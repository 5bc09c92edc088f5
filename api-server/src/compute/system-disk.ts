import { eq } from 'drizzle-orm';
import { images, type Executor } from '../db/index.js';
import { nodesFittingImage } from './image-compatibility.js';
import type { ComputeDriver } from './driver.js';
import { requireRepositoryRoom } from './image-repository.js';
import { beginTransition, type InstanceRow } from './instance-state.js';
import { usableImage } from './new-instance.js';

/** Resets the system disk to the instance's image. */
export async function resetSystemDisk(tx: Executor, driver: ComputeDriver, instance: InstanceRow, now: Date) {
  return beginTransition(tx, instance.id, await driver.reset(instance, now));
}

/** Resets the system disk to another image the user may use and the instance's node can run. */
export async function changeImage(tx: Executor, driver: ComputeDriver, instance: InstanceRow, imageId: number, now: Date) {
  const image = await usableImage(tx, instance.userId, imageId);
  await nodesFittingImage(tx, image.id, { regionCode: instance.regionCode, gpuModelId: instance.gpuModelId, nodeId: instance.nodeId });
  const transition = await driver.reset({ ...instance, imageId: image.id }, now);
  return beginTransition(tx, instance.id, transition, { imageId: image.id, imageName: image.name });
}

/** Saves the system disk as a private image, described like the image it came from. */
export async function commitImage(tx: Executor, driver: ComputeDriver, instance: InstanceRow, imageName: string, now: Date) {
  await requireRepositoryRoom(tx, instance.userId);
  const [base] = await tx.select().from(images).where(eq(images.id, instance.imageId));
  const [image] = await tx
    .insert(images)
    .values({
      userId: instance.userId,
      name: imageName,
      framework: base?.framework ?? '自定义',
      frameworkVersion: base?.frameworkVersion ?? '',
      python: base?.python ?? '',
      cuda: base?.cuda ?? '',
      os: base?.os ?? '',
      sizeBytes: 0,
      status: 0,
      sourceInstanceId: instance.id,
      baseImageId: instance.imageId,
      createdAt: now,
    })
    .returning({ id: images.id });
  const committed = await driver.commit(instance, now, image!.id);
  await tx.update(images).set({ sizeBytes: committed.sizeBytes }).where(eq(images.id, image!.id));
  return beginTransition(tx, instance.id, committed);
}
