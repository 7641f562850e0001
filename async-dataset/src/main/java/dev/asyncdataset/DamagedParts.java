package dev.asyncdataset;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a dataset's bad-item policy to the damaged parts its source left out when opened ({@link
 * ItemSource#damaged()}, such as a truncated tar shard): under {@link BadItemPolicy#FAIL} the first
 * one's {@link BadItemException} is thrown; under {@link BadItemPolicy#SKIP} each is named once in
 * a warning, and the dataset reads the other items, unless none is left: then it fails under either
 * policy, naming every damaged part, rather than run empty epochs.
 */
final class DamagedParts {

    private static final Logger logger = LoggerFactory.getLogger(DamagedParts.class);

    private final BadItemPolicy policy;
    private final AtomicBoolean warned = new AtomicBoolean();

    DamagedParts(BadItemPolicy policy) {
        this.policy = policy;
    }

    /**
     * Checks the damaged parts of {@code source} under the policy.
     *
     * @throws BadItemException the first damaged part's, under {@link BadItemPolicy#FAIL}; under
     *     either policy if the damaged parts left no item
     */
    void check(ItemSource<?> source) throws BadItemException {
        List<BadItemException> damaged = source.damaged();
        if (damaged.isEmpty()) {
            return;
        }
        if (source.size() == 0) {
            throw nothingLeft(damaged);
        }
        if (policy == BadItemPolicy.FAIL) {
            throw damaged.get(0);
        }
        if (warned.compareAndSet(false, true)) {
            for (BadItemException part : damaged) {
                logger.warn("leaving out damaged {}", part.getMessage());
            }
        }
    }

    private static BadItemException nothingLeft(List<BadItemException> damaged) {
        List<String> parts = damaged.stream().map(BadItemException::getKey).toList();
        BadItemException e =
                new BadItemException(
                        damaged.get(0).getKey(),
                        "no item is left once the "
                                + parts.size()
                                + " damaged parts are left out: "
                                + String.join(", ", parts),
                        damaged.get(0));
        damaged.stream().skip(1).forEach(e::addSuppressed);
        return e;
    }
}
