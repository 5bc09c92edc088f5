// PostgreSQL's answer to one batch of protocol messages, read into the result PGlite's `query` gives, for the database's
// thread (pglite-statements.mjs). Plain JavaScript, as that thread is.

/** What each letter of an ErrorResponse field is called on the error PGlite throws (its DatabaseError). */
const errorFieldNames = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** Commands whose completion tag ends with the number of rows they changed. */
const changingCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The last result of the answer (the statement a batch ends with), or the error PostgreSQL answered. Every text field is
 * decoded straight from the answer's bytes: PGlite's own reader copied each field into a buffer of its own first, which
 * was about a fifth of the database thread's time on a list call (issue 31).
 * @param {Uint8Array} answer
 * @param {Record<number, (text: string, typeId: number) => unknown>} parsers by type id
 * @param {'array' | 'object'} rowMode
 */
export function readAnswer(answer, parsers, rowMode) {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  let fields = [];
  let rows = [];
  let result = { rows: [], fields: [], affectedRows: 0 };
  let failure;
  for (let at = 0; at < bytes.length;) {
    const type = bytes[at];
    const end = at + 1 + bytes.readInt32BE(at + 1);
    const body = at + 5;
    if (type === 0x44 /* D: a row */) rows.push(readRow(bytes, body, fields, parsers, rowMode));
    else if (type === 0x54 /* T: the rows' fields */) {
      fields = readFields(bytes, body);
      rows = [];
    } else if (type === 0x43 /* C: the statement completed */) {
      const tag = bytes.toString('utf8', body, end - 1).split(' ');
      result = { rows, fields, affectedRows: changingCommands.has(tag[0]) ? Number(tag.at(-1)) : 0 };
      fields = [];
      rows = [];
    } else if (type === 0x45 /* E: an error */) failure ??= readError(bytes, body, end);
    at = end;
  }
  if (failure) throw failure;
  return result;
}

function readFields(bytes, at) {
  const count = bytes.readInt16BE(at);
  const fields = new Array(count);
  at += 2;
  for (let index = 0; index < count; index += 1) {
    const nameEnd = bytes.indexOf(0, at);
    // After the name: table id (4), column number (2), type id (4), type size (2), type modifier (4), format (2).
    fields[index] = { name: bytes.toString('utf8', at, nameEnd), dataTypeID: bytes.readInt32BE(nameEnd + 7) };
    at = nameEnd + 19;
  }
  return fields;
}

function readRow(bytes, at, fields, parsers, rowMode) {
  const count = bytes.readInt16BE(at);
  const row = rowMode === 'array' ? new Array(count) : {};
  at += 2;
  for (let index = 0; index < count; index += 1) {
    const length = bytes.readInt32BE(at);
    at += 4;
    let value = null;
    if (length !== -1) {
      const typeId = fields[index].dataTypeID;
      const text = bytes.toString('utf8', at, at + length);
      const parse = parsers[typeId];
      value = parse ? parse(text, typeId) : text;
      at += length;
    }
    if (rowMode === 'array') row[index] = value;
    else row[fields[index].name] = value;
  }
  return row;
}

function readError(bytes, at, end) {
  const values = {};
  while (at < end && bytes[at] !== 0) {
    const valueEnd = bytes.indexOf(0, at + 1);
    values[String.fromCharCode(bytes[at])] = bytes.toString('utf8', at + 1, valueEnd);
    at = valueEnd + 1;
  }
  const error = new Error(values.M);
  for (const [letter, name] of Object.entries(errorFieldNames)) error[name] = values[letter];
  return error;
}
