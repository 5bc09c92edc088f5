import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newPgliteFolder } from './pglite-clusters.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-clusters-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const newFolder = () => path.join(scratch, `site-${++folders}`);

/** A migrations folder with one migration of the given text. */
function migrationsWith(text: string): string {
  const folder = fs.mkdtempSync(path.join(scratch, 'migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, '0000_first.sql'), text);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ entries: [{ tag: '0000_first', when: 1 }] }));
  return folder;
}

/** A stand-in for creating a cluster: writes the migration it was made from, and counts its calls. */
function creator(migrations: string) {
  const made: string[] = [];
  const create = async (folder: string) => {
    made.push(folder);
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.mkdirSync(folder);
    fs.copyFileSync(path.join(migrations, '0000_first.sql'), path.join(folder, 'PG_VERSION'));
  };
  return { made, create };
}

describe('new PGlite folders', () => {
  it('creates the cluster for a migrations folder once and copies it into every new folder', async () => {
    const clusters = path.join(scratch, 'clusters-once');
    const migrations = migrationsWith('create table a ();');
    const { made, create } = creator(migrations);
    const [first, second] = [newFolder(), newFolder()];
    await newPgliteFolder(first, migrations, create, clusters);
    await newPgliteFolder(second, migrations, create, clusters);
    expect(made).toHaveLength(1);
    expect(made[0]).not.toBe(first);
    for (const folder of [first, second]) expect(fs.readFileSync(path.join(folder, 'PG_VERSION'), 'utf8')).toBe('create table a ();');
    expect(fs.readdirSync(clusters)).toHaveLength(1);
  });

  it('makes another cluster when a migration changes', async () => {
    const clusters = path.join(scratch, 'clusters-changed');
    const before = migrationsWith('create table a ();');
    const after = migrationsWith('create table b ();');
    await newPgliteFolder(newFolder(), before, creator(before).create, clusters);
    const folder = newFolder();
    const { made, create } = creator(after);
    await newPgliteFolder(folder, after, create, clusters);
    expect(made).toHaveLength(1);
    expect(fs.readFileSync(path.join(folder, 'PG_VERSION'), 'utf8')).toBe('create table b ();');
    expect(fs.readdirSync(clusters)).toHaveLength(2);
  });

  it('keeps one cluster when several folders are made at once, and copies it into each', async () => {
    const clusters = path.join(scratch, 'clusters-at-once');
    const migrations = migrationsWith('create table c ();');
    const { made, create } = creator(migrations);
    const folders = [newFolder(), newFolder(), newFolder()];
    await Promise.all(folders.map((folder) => newPgliteFolder(folder, migrations, create, clusters)));
    expect(made).toHaveLength(3);
    expect(fs.readdirSync(clusters)).toHaveLength(1);
    for (const folder of folders) expect(fs.readFileSync(path.join(folder, 'PG_VERSION'), 'utf8')).toBe('create table c ();');
  });

  it('keeps no cluster when creating one fails, and says why', async () => {
    const clusters = path.join(scratch, 'clusters-failed');
    const migrations = migrationsWith('create table d ();');
    const failing = async (folder: string) => {
      fs.mkdirSync(folder);
      throw new Error('initdb failed');
    };
    await expect(newPgliteFolder(newFolder(), migrations, failing, clusters)).rejects.toThrow('initdb failed');
    expect(fs.readdirSync(clusters)).toEqual([]);
  });

  it('creates the folder itself where the clusters cannot be kept', async () => {
    const blocked = path.join(scratch, 'a-file');
    fs.writeFileSync(blocked, '');
    const migrations = migrationsWith('create table e ();');
    const { made, create } = creator(migrations);
    const folder = newFolder();
    await newPgliteFolder(folder, migrations, create, path.join(blocked, 'clusters'));
    expect(made).toEqual([folder]);
  });
});
