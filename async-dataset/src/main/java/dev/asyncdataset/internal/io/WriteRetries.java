package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.RequestRejected;
import java.io.IOException;

/**
 * Runs one request of a write, again after a failure that may pass: the library gives one to each
 * {@link PartedOutput} of a store it writes to, so that the upload of a part and the completion are
 * retried within the source's attempts and retry budget, as the store's other requests are.
 */
@FunctionalInterface
public interface WriteRetries {

    /** Runs each request once. */
    WriteRetries ONCE = (what, request) -> request.send();

    /**
     * Runs {@code request} until it succeeds, fails in a way that will not pass (a {@link
     * RequestRejected}), or the budget is spent.
     *
     * @param what the request, for the events and the message of a failure: a part, the completion
     * @param request the request, which may run several times
     * @throws IOException the failure that ended the tries, naming {@code what}
     */
    void run(String what, Request request) throws IOException;

    /** One request of a write, safe to send again after it failed. */
    @FunctionalInterface
    interface Request {

        /**
         * Sends the request and waits for its answer.
         *
         * @throws IOException if it fails
         */
        void send() throws IOException;
    }
}
