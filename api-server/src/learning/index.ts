export { requireTeacher, visibleCourse } from './course-access.js';
export { courseCard, published, selectCards } from './course-catalogue.js';
export { createVideoQueue, type VideoQueue } from './video-processing.js';
export { originalKey, StreamSigner } from './video-stream.js';
export { chooseTranscoder } from './video-transcoder.js';
