import { describe, expect, it } from 'vitest';
import { classWritingOf } from './semantic-class-words.mjs';
import { classWordsOf } from './stylesheet.mjs';

// Shaped as semantic-ui-react's ES build writes a component.
const button = `
function Button(props) {
  var _this$props = this.props,
      inverted = _this$props.inverted,
      fluid = _this$props.fluid;
  var opened = this.state.open;
  var classes = cx('ui', useKeyOnly(inverted, 'inverted'), useKeyOnly(fluid, 'fluid'), useKeyOnly(opened, 'active'), 'button');
  var dimmer = Dimmer.create({ inverted: dimmerStyle === 'inverted', page: true });
}
Button.handledProps = ["as", "basic", "fluid", "inverted"];
Button.propTypes = process.env.NODE_ENV !== "production" ? {
  /** A basic button is less pronounced. */
  basic: PropTypes.bool,
  striped: PropTypes.bool
} : {};
`;

describe('the class names semantic-ui-react writes on its own', () => {
  const words = classWordsOf(classWritingOf(button));

  it('leave out a class written only for a prop of that name or that value', () => {
    expect(words).not.toContain('inverted');
    expect(words).not.toContain('fluid');
  });

  it('leave out the prop lists', () => {
    expect(words).not.toContain('basic');
    expect(words).not.toContain('striped');
  });

  it('keep the classes it writes itself or from its own state', () => {
    expect(words).toEqual(expect.arrayContaining(['ui', 'button', 'active', 'page']));
  });
});
