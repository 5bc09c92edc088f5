/** Where a user's stored files of one area live in the blob store. */
export const areaKey = (userId: number, area: string, path: string) => `users/${userId}/${area}/${path}`;

export const videosArea = 'videos';
/** A course's downloadable files (course accessories), kept under their teacher. */
export const courseAccessoriesArea = 'course-accessories';

/** A chunk's marker: present once the chunk's bytes are written whole into the assembly. */
export const chunkKey = (uploadId: string, chunkNumber: number) => `uploads/${uploadId}/${chunkNumber}`;
/** The upload's bytes, written chunk by chunk at their offsets. */
export const assemblyKey = (uploadId: string) => `uploads/${uploadId}/data`;
export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}`;
