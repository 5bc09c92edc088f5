import { useScrolled } from './use-scrolled';
import { DemoBanner } from './demo-banner';
import { HeaderItems } from './header-items';
import { HeaderTopBar } from './header-top-bar';
import { SearchBox } from './search-box';
import { SiteLogo } from './site-logo';
import { TipBar } from './tip-bar';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';

/** The 80px header (under the demo banner and the optional tip bar); on the home page it floats over the banner, transparent until the page scrolls. */
export function SiteHeader({ floating }: { floating: boolean }) {
  const scrolled = useScrolled();
  const classes = ['rc-header', floating && 'is-floating', floating && !scrolled && 'is-transparent'];
  return (
    <header className={classes.filter(Boolean).join(' ')}>
      <DemoBanner />
      <TipBar />
      <HeaderTopBar />
      <div className="rc-header-main">
        <SiteLogo />
        <TopNav />
        <span className="rc-header-spacer" />
        <SearchBox />
        <HeaderItems />
        <UserMenu />
      </div>
    </header>
  );
}
