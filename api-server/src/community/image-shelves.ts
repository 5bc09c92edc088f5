import type { ImageShelf } from '../content/index.js';

/** Images pasted or dropped into posts, questions and answers: at most 10 MB. */
export const postImages: ImageShelf = {
  folder: 'community/images',
  urlPrefix: '/apis/community/api/image/',
  maxBytes: 10 * 1024 * 1024,
  extensions: ['png', 'jpg', 'gif', 'webp'],
  messages: {
    empty: '图片不能为空',
    wrongType: '仅支持 PNG、JPEG、GIF、WebP 格式的图片',
    tooLarge: '图片大小不能超过10MB',
    notFound: '图片不存在',
  },
};

/** Covers of shared images: PNG, JPEG or WebP of at most 2 MB. */
export const imageCovers: ImageShelf = {
  folder: 'community/image-covers',
  urlPrefix: '/apis/community/api/image/cover/',
  maxBytes: 2 * 1024 * 1024,
  extensions: ['png', 'jpg', 'webp'],
  messages: {
    empty: '封面图片不能为空',
    wrongType: '封面仅支持 PNG、JPG、WebP 格式的图片',
    tooLarge: '封面图片不能超过2MB',
    notFound: '封面不存在',
  },
};
