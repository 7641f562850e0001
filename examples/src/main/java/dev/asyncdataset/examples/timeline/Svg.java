package dev.asyncdataset.examples.timeline;

import java.util.Locale;

/**
 * Writes a self-contained SVG document: shapes and text with their styles inline, no scripts, no
 * external references, so that a browser, an image viewer or a Markdown page shows it as it is.
 */
final class Svg {

    private static final String FONT = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\"";

    private final StringBuilder out = new StringBuilder();

    Svg(int width, int height) {
        out.append(
                format(
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                                + " viewBox=\"0 0 %d %d\" %s>\n",
                        width, height, width, height, FONT));
        rect(0, 0, width, height, "#ffffff", null);
    }

    /** A filled rectangle; {@code title}, if not null, is its tooltip. */
    void rect(double x, double y, double width, double height, String fill, String title) {
        out.append(
                format(
                        "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"",
                        x, y, width, height, fill));
        out.append(title == null ? "/>\n" : "><title>" + escape(title) + "</title></rect>\n");
    }

    /** Text at ({@code x}, {@code y}); {@code anchor} is start, middle or end. */
    void text(double x, double y, String text, int size, String fill, String anchor) {
        out.append(
                format(
                        "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"%s\""
                                + " text-anchor=\"%s\">%s</text>\n",
                        x, y, size, fill, anchor, escape(text)));
    }

    /** A straight line, dashed when {@code dash} is not empty (an SVG dash array). */
    void line(
            double x1, double y1, double x2, double y2, String stroke, double width, String dash) {
        out.append(
                format(
                        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\""
                                + " stroke-width=\"%.1f\" stroke-dasharray=\"%s\"/>\n",
                        x1, y1, x2, y2, stroke, width, dash.isEmpty() ? "none" : dash));
    }

    /** A path: filled if {@code fill} is not {@code none}, stroked if {@code stroke} is not. */
    void path(String d, String fill, String stroke, String dash) {
        out.append(
                format(
                        "<path d=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\""
                                + " stroke-dasharray=\"%s\"/>\n",
                        d, fill, stroke, dash.isEmpty() ? "none" : dash));
    }

    /** Opens a group named {@code id}; {@link #close()} ends it. */
    void open(String id) {
        out.append(format("<g id=\"%s\">\n", escape(id)));
    }

    /** Ends the innermost open group. */
    void close() {
        out.append("</g>\n");
    }

    /** Ends the document and returns it. */
    String finish() {
        return out.append("</svg>\n").toString();
    }

    /** Formats numbers the same way in every locale. */
    static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
