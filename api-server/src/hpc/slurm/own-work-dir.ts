/**
 * Run as root on the login node (python3 -c <this> <home> <workDir> <account>): makes the job's work folder inside
 * the account's home and gives it to the account, never following a symbolic link. Every step opens one name
 * relative to the folder opened before it with O_NOFOLLOW and chowns the open folder itself, so a link the
 * account's own jobs put in their home (or swap in meanwhile) makes it fail instead of handing over a folder
 * elsewhere, and no check can be raced. Folders made on the way stay the SSH account's; only the work folder changes hands.
 */
export const ownWorkDirScript = `
import os, pwd, sys
home, work_dir, account = sys.argv[1:4]
if work_dir != home and not work_dir.startswith(home.rstrip('/') + '/'):
    sys.exit('work folder outside the home: ' + work_dir)
entry = pwd.getpwnam(account)
flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
try:
    folder = os.open(home, flags)
    for name in [part for part in work_dir[len(home):].split('/') if part]:
        if name in ('.', '..'):
            sys.exit('bad work folder: ' + work_dir)
        try:
            child = os.open(name, flags, dir_fd=folder)
        except FileNotFoundError:
            os.mkdir(name, 0o755, dir_fd=folder)
            child = os.open(name, flags, dir_fd=folder)
        os.close(folder)
        folder = child
    os.fchown(folder, entry.pw_uid, entry.pw_gid)
except OSError as error:
    sys.exit('work folder ' + work_dir + ' cannot be used: ' + (error.strerror or str(error)))
`;
