export { requireTeacher, visibleCourse } from './course-access.js';
export { deleteAccessory, downloadableAccessory, maxAccessoryBytes, saveAccessory, teachingAccessories } from './course-accessories.js';
export {
  deleteCourse,
  myTeachingCourses,
  saveCourse,
  standCourse,
  submitCourse,
  updateCourse,
  viewTeachingCourse,
} from './course-authoring.js';
export {
  courseCard,
  courseCategoryList,
  courseView,
  listCourses,
  published,
  recommendedCourses,
  recommendedFor,
  searchCourses,
  selectCards,
} from './course-catalogue.js';
export { collectCourse, collectedCourses, uncollectCourse } from './course-collections.js';
export { commentThreads, deleteComment, saveComment } from './course-comments.js';
export { chapterList } from './course-contents.js';
export { courseCovers } from './course-covers.js';
export { myCourseOrders, myCourses, myCourseView, signUpFor } from './course-learner.js';
export { quoteCourse } from './course-purchase.js';
export { deleteLive, learnerLives, liveCourseOptions, scheduleLive, teacherLives, updateLive } from './course-lives.js';
export {
  attachVideo,
  deleteChapter,
  deletePeriod,
  labImages,
  renameChapter,
  saveChapter,
  savePeriod,
  sortChapters,
  sortPeriods,
  teachingOutline,
  updatePeriod,
} from './course-outline.js';
export { approveCourse, courseReviewQueue, rejectCourse, reviewView } from './course-review.js';
export { followedLecturers, followLecturer, unfollowLecturer } from './lecturer-follows.js';
export { deleteChannel, myChannels, saveChannel, updateChannel } from './live-channels.js';
export { deleteVideo, myVideos, renameVideo } from './my-videos.js';
export { learnOutline, periodContent, videoRefOf } from './period-playback.js';
export { courseProgressList, periodProgressList, reportProgress } from './period-progress.js';
export { streamedVideo } from './streamed-videos.js';
export { applyState, applyToTeach, approveApplication, rejectApplication, teacherApplicationQueue } from './teacher-applications.js';
export { teacherOverview } from './teacher-overview.js';
export { createVideoQueue, type VideoQueue } from './video-processing.js';
export { hlsFolderKey, originalKey, originalStreamName, streamContentType, streamPathPrefix, StreamSigner } from './video-stream.js';
export { chooseTranscoder } from './video-transcoder.js';
export { storeUploadedVideo } from './video-uploads.js';
