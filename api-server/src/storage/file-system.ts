import type { Readable } from 'node:stream';

/** One file or folder of a file system; `path` is relative to its root, '/'-separated. */
export interface FileEntry {
  name: string;
  path: string;
  isDir: boolean;
  /** Bytes; 0 for a folder. */
  size: number;
  modifiedAt: Date;
}

export type FileSystemProblem = 'not-found' | 'exists' | 'not-a-folder' | 'is-a-folder' | 'too-large';

/** A refusal every backend reports the same way, for the routes to word in Chinese. */
export class FileSystemError extends Error {
  constructor(
    readonly problem: FileSystemProblem,
    readonly path: string,
  ) {
    super(`${problem}: ${path}`);
    this.name = 'FileSystemError';
  }
}

/**
 * A tree of files and folders rooted somewhere (a local folder, a home directory over SFTP). Paths are
 * relative and already checked by `checkRelativePath` ('' is the root); a backend still refuses any
 * path that would leave its root. Every call is the whole operation or fails with a FileSystemError.
 */
export interface FileSystem {
  /** The direct children of a folder. */
  list(folder: string): Promise<FileEntry[]>;
  stat(path: string): Promise<FileEntry | null>;
  /** Creates the folder and any missing parents; refuses when a file holds one of those names. */
  mkdir(folder: string): Promise<void>;
  /** Bytes [start, end) of a file, the whole file by default. */
  read(path: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Writes a file atomically (visible only once whole), replacing one of the same name, creating missing folders. Past `maxBytes` it fails with 'too-large' and leaves nothing. */
  write(path: string, source: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /**
   * Moves a file of this machine into the tree as `path` in one atomic step, replacing one of the same name
   * (a rename; a copy where the file lies on another file system). Only a tree on this machine has it.
   */
  adopt?(path: string, file: string): Promise<void>;
  /** Moves or renames a file or folder; refuses ('exists') when `to` is taken. */
  rename(from: string, to: string): Promise<void>;
  /** Copies a file or a whole folder; refuses ('exists') when `to` is taken. */
  copy(from: string, to: string): Promise<void>;
  /**
   * Sets a file's modification time (to whole seconds: what SFTP keeps), which marks it as written then: the server pins
   * a file it placed to the time it recorded it, so a later write (over SSH, SFTP, a program) shows as a later time.
   */
  setModified(path: string, time: Date): Promise<void>;
  /** Removes a file or a whole folder; nothing when it is not there. */
  remove(path: string): Promise<void>;
  /** Bytes and files under a folder (the whole tree by default), recursively. */
  usage(folder?: string): Promise<{ bytes: number; files: number }>;
  /** Lets go of connections; the file system is not used afterwards. */
  close(): Promise<void>;
}
