/** Business constants and limits (spec §9). */
export const constants = {
  priceCalc: 1000,
  requestTimeout: 3_600_000,
  apiCacheMs: 300_000,
  errorDedupeMs: 2000,
  tokenCookieMs: 86_400_000,
  debounceMs: 500,
  chunkUploadTimeout: 30_000,
  chunkSize: 5_242_880,
  parallelChunks: 3,
  chunkRetries: 3,
  uploadPollMs: 100,
  videoChunkSize: 2_048_000,
  videoMd5SliceSize: 10_240_000,
  adHiddenMs: 120_000,
  navItemsBeforeMore: 5,
  dialogZIndexStart: 1000,
  dialogZIndexStep: 10,
  fetchMinDelayMs: 200,
  chunkReloadMinIntervalMs: 60_000,
  loginUrl: '/login?t=login',
} as const;

/** User-facing texts from spec §2, §5 and §8, word for word. */
export const messages = {
  networkFailure: '调用失败,请您稍后重试',
  loggedInElsewhere: '你的账户已在其他地方登录！',
  clipboardUnsupported: '当前浏览器不支持此功能，请手动复制！',
  emptySearch: '请输入搜索内容',
  emptySearchKeyword: '请输入搜索关键词',
  uploadFailed: '文件上传失败',
  uploadSucceeded: '上传成功',
  fileUploadSucceeded: '文件上传成功',
  chunkFailed: (n: number) => `分片${n}上传失败`,
  gpuFileNameInvalid: '文件名称不能包含特殊中文字符和空格！',
  pageError: '页面出错，请联系管理员',
  pageNotFound: '页面已无法找到，可能已经被删除或地址错误',
} as const;
