import { useStore } from '@nanostores/react';
import { Label } from 'semantic-ui-react';
import { $zones } from '@rc/shared-utility';
import { navigate } from '../routing/location';

/** The classes loaded at start-up (spec §7), each leading to a search of the site for it. */
export function HomeClasses() {
  const { classes } = useStore($zones);
  if (classes.length === 0) return null;
  return (
    <section className="rc-home-classes" aria-label="热门专区">
      <span className="rc-home-classes-title">热门专区</span>
      {classes.map((zone) => (
        <Label
          as="a"
          key={zone.id}
          basic
          href={`/search?type=1&keyword=${encodeURIComponent(zone.name)}`}
          data-code={zone.code}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            navigate(`/search?type=1&keyword=${encodeURIComponent(zone.name)}`);
          }}
        >
          {zone.name}
        </Label>
      ))}
    </section>
  );
}
