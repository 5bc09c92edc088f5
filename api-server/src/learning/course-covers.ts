import type { ImageShelf } from '../content/index.js';

/** Course covers: PNG, JPEG or WebP of at most 2 MB, served at `/apis/course/api/course/cover/<key>`. */
export const courseCovers: ImageShelf = {
  folder: 'course/covers',
  urlPrefix: '/apis/course/api/course/cover/',
  maxBytes: 2 * 1024 * 1024,
  extensions: ['png', 'jpg', 'webp'],
  messages: {
    empty: '封面图片不能为空',
    wrongType: '封面仅支持 PNG、JPG、WebP 格式的图片',
    tooLarge: '封面图片不能超过2MB',
    notFound: '封面不存在',
  },
};

/** Where the browser loads a course's cover; '' when it has none (the screens draw a placeholder). */
export const courseCoverUrl = (coverKey: string) => (coverKey ? `${courseCovers.urlPrefix}${coverKey}` : '');
