package dev.asyncdataset.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/**
 * Captures every log event of a logger and its children, from {@code level} up, until closed,
 * instead of printing them; for tests that look at what the library logs.
 */
public final class CapturedLogs implements AutoCloseable {

    private final Logger logger;
    private final Level previous;
    private final boolean additive;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    /**
     * Starts capturing.
     *
     * @param name the logger name, e.g. {@code "dev.asyncdataset"} or {@code "ROOT"}
     * @param level the lowest level captured; the logger is set to it while capturing
     */
    public CapturedLogs(String name, Level level) {
        this.logger = (Logger) LoggerFactory.getLogger(name);
        this.previous = logger.getLevel();
        this.additive = logger.isAdditive();
        logger.setLevel(level);
        logger.setAdditive(false);
        appender.start();
        logger.addAppender(appender);
    }

    /** Returns the formatted messages captured so far, with the text of their exceptions. */
    public List<String> messages() {
        synchronized (appender) {
            return appender.list.stream().map(CapturedLogs::text).collect(Collectors.toList());
        }
    }

    private static String text(ILoggingEvent event) {
        StringBuilder text = new StringBuilder(event.getFormattedMessage());
        for (var t = event.getThrowableProxy(); t != null; t = t.getCause()) {
            text.append(" | ").append(t.getClassName()).append(": ").append(t.getMessage());
        }
        return text.toString();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(previous);
        logger.setAdditive(additive);
        appender.stop();
    }
}
