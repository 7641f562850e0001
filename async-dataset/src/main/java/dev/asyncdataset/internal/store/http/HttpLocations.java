package dev.asyncdataset.internal.store.http;

import dev.asyncdataset.store.RequestRejected;

/**
 * How an {@link HttpObjectStore} reaches its locations: the HTTP(S) URL each is read at, how errors
 * name it, and what a refused status means to the user. Plain HTTP(S) locations are their own URLs,
 * named without their query (a signature); the Hugging Face Hub's {@code hf://} locations are read
 * at the Hub's {@code /resolve/} URLs. Errors name the location, never a URL it is read at.
 */
public interface HttpLocations {

    /**
     * The URL {@code location} is read at.
     *
     * @param location a location of the store
     * @return its absolute {@code http} or {@code https} URL
     * @throws RequestRejected if the store has no such location
     */
    String url(String location) throws RequestRejected;

    /**
     * How messages name {@code location}: without any secret it holds.
     *
     * @param location a location of the store
     * @return its name in messages
     */
    String shown(String location);

    /**
     * What {@code status}, answered to a request for {@code location}, means to the user: a text
     * the error's message ends with, or an empty one.
     *
     * @param location the location asked for
     * @param status the HTTP status
     * @return the text, starting with a separator such as {@code ": "}, or empty
     */
    default String explain(String location, int status) {
        return "";
    }
}
