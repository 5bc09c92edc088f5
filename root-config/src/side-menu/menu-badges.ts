import { useEffect, useState } from 'react';
import { api, bus } from '@rc/shared-utility';

export interface MenuBadges {
  /** Pending applications across the classes I teach or administer. */
  applications: number;
  /** Exams I have yet to take. */
  exams: number;
}

const silent = { errorTip: false, loginRedirect: false } as const;

async function total(path: string): Promise<number> {
  const result = await api.post<{ total: number }>(path, {}, silent);
  return result.code === 200 ? result.data.total : 0;
}

/** The side menu's counts, loaded again on every navigation (and when a screen says they changed), never by polling. */
export function useMenuBadges(pathname: string, signedIn: boolean, gradeAdmin: boolean): MenuBadges {
  const [badges, setBadges] = useState<MenuBadges>({ applications: 0, exams: 0 });
  const [version, setVersion] = useState(0);
  useEffect(() => bus.on('counters:changed', () => setVersion((v) => v + 1)), []);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void Promise.all([
      gradeAdmin ? total('/exam/auth/grade/apply/record/tips') : Promise.resolve(0),
      total('/exam/auth/grade/exam/student/relation/tips'),
    ]).then(([applications, exams]) => {
      if (current) setBadges({ applications, exams });
    });
    return () => {
      current = false;
    };
  }, [pathname, signedIn, gradeAdmin, version]);
  return badges;
}
