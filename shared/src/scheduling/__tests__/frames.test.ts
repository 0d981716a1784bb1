import { afterNextPaint, PAINT_WAIT_MS } from '../frames';

describe('afterNextPaint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const paintFrame = () => frames.splice(0).forEach((frame) => frame(performance.now()));

  it('starts in a task after the first frame, not before it', () => {
    const start = jest.fn();
    afterNextPaint(start);
    jest.advanceTimersByTime(0);
    expect(start).not.toHaveBeenCalled();
    paintFrame();
    expect(start).not.toHaveBeenCalled(); // not inside the frame: after it is painted
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts without a frame after the timeout (a background tab), and only once', () => {
    const start = jest.fn();
    afterNextPaint(start);
    jest.advanceTimersByTime(PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    paintFrame();
    jest.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
