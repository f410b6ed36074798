// Interface stub: the one CoreGraphics type the generated code uses that Linux
// Foundation lacks (CGFloat, CGSize and CGRect come from Foundation there).
public final class CGImage {}
