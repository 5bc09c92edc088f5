export { plainTextOf, renderInlineMarkdown, renderMarkdown, summaryOf } from './markdown.js';
export { indexDocument, isIndexed, removeDocument, searchWords, tsqueriesOf, tsqueryOf, tsqueryOfWords } from './search-index.js';
export { type ImageShelf, imageFormMessages, sendImage, storeImage } from './stored-images.js';
